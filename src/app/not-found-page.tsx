import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import styles from './page.module.css';

export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <Link className={styles.link} to="/main">
        <FormattedMessage id="notFound.backHome" />
      </Link>
    </main>
  );
}
