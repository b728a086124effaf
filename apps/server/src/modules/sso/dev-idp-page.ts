export interface DevIdentity {
  /** What the user types on the provider's sign-in page. */
  login: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The development provider's sign-in page: a plain form, keyboard and screen-reader usable. */
export function devIdpLoginPage(page: {
  action: string;
  identities: readonly DevIdentity[];
  error: boolean;
}): string {
  const accounts = page.identities
    .map(
      (identity) =>
        `<li><code>${escapeHtml(identity.login)}</code>: ${escapeHtml(identity.email)}` +
        `${identity.emailVerified ? '' : ' (not verified)'}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Klik development identity provider</title></head>
<body>
<main>
<h1>Development identity provider</h1>
${page.error ? '<p role="alert">Unknown login or wrong password.</p>' : ''}
<form method="post" action="${escapeHtml(page.action)}">
<p><label for="login">Login</label> <input id="login" name="login" autocomplete="username" required autofocus></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>
<p>Demo identities (password <code>Klik-idp-2026</code>):</p>
<ul>${accounts}</ul>
</main>
</body></html>`;
}
