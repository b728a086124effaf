import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, E2E_IDP_ISSUER, E2E_IDP_PORT } from '../playwright.config';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the development identity provider (npm run idp) for the single sign-on spec, as a
 * developer would, and stops it after the run. The portal reads it as SSO provider `demo`.
 */
export default async function startIdp(): Promise<() => Promise<void>> {
  const child = spawn('npm', ['run', 'idp'], {
    cwd: repoRoot,
    env: { ...process.env, IDP_PORT: String(E2E_IDP_PORT), IDP_REDIRECT_URIS: `${baseURL}/sso` },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so stopping it reaches npm's child processes too.
    detached: true,
  });
  const discovery = `${E2E_IDP_ISSUER}/.well-known/openid-configuration`;
  const deadline = Date.now() + 60_000;
  while (!(await answers(discovery))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the identity provider did not start at ${E2E_IDP_ISSUER}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  return async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
}
