import type { Locale, ResetPurpose } from '@klik/api';
import type { MailMessage } from '../mail/mail-sender';

interface Texts {
  subject: string;
  intro: string;
  validity: string;
  ignore: string;
}

const TEXTS: Record<ResetPurpose, Record<Locale, Texts>> = {
  reset: {
    nl: {
      subject: 'Nieuw wachtwoord voor Klik',
      intro: 'U heeft gevraagd om een nieuw wachtwoord voor Klik (gebruiker {username}).',
      validity:
        'Kies uw nieuwe wachtwoord via deze link. De link werkt één keer en 30 minuten lang:',
      ignore:
        'Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',
    },
    en: {
      subject: 'New password for Klik',
      intro: 'You asked for a new password for Klik (user {username}).',
      validity: 'Choose your new password with this link. It works once, for 30 minutes:',
      ignore: 'Did you not ask for this? Then ignore this e-mail; your password stays as it is.',
    },
  },
  invitation: {
    nl: {
      subject: 'Uw account voor Klik',
      intro: 'Er is een account voor u aangemaakt in Klik, met gebruikersnaam {username}.',
      validity: 'Kies uw wachtwoord via deze link. De link werkt één keer en 7 dagen lang:',
      ignore: 'Verwachtte u dit niet? Neem dan contact op met uw accountmanager.',
    },
    en: {
      subject: 'Your Klik account',
      intro: 'An account has been created for you in Klik, with username {username}.',
      validity: 'Choose your password with this link. It works once, for 7 days:',
      ignore: 'Did you not expect this? Then please contact your account manager.',
    },
  },
};

/** The e-mail with a reset or invitation link, in the user's language. */
export function resetMail(options: {
  to: string;
  locale: Locale;
  purpose: ResetPurpose;
  username: string;
  link: string;
}): MailMessage {
  const texts = TEXTS[options.purpose][options.locale];
  const intro = texts.intro.replace('{username}', options.username);
  return {
    to: options.to,
    locale: options.locale,
    subject: texts.subject,
    text: `${intro}\n\n${texts.validity}\n${options.link}\n\n${texts.ignore}\n`,
  };
}

/** `<public url>/resetpassword?token=...` */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
}
