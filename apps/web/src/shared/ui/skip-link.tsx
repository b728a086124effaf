import { useT } from '../i18n/use-t';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const t = useT();
  return (
    <a className="klik-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}
