import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import styles from './page.module.css';

/** Stands at /main until the real home page is built; shows that the client reaches the server. */
export function HomePlaceholderPage() {
  const api = useApi();
  const config = useQuery({
    queryKey: ['get', '/api/universal/getConfig'],
    queryFn: () => api.get('/api/universal/getConfig'),
  });

  return (
    <main className={styles.page}>
      <h1>{config.data?.site_name ?? <FormattedMessage id="app.siteName" />}</h1>
      <p>
        <FormattedMessage id="home.building" />
      </p>
      <section aria-labelledby="home-config-heading">
        <h2 id="home-config-heading">
          <FormattedMessage id="home.configHeading" />
        </h2>
        {config.isPending ? (
          <p>
            <FormattedMessage id="common.loading" />
          </p>
        ) : config.isError ? (
          // SPEC §8: a failed config fetch is not reported to the user.
          <p>
            <FormattedMessage id="common.noData" />
          </p>
        ) : (
          <dl className={styles.facts}>
            <dt>
              <FormattedMessage id="home.configSiteName" />
            </dt>
            <dd>{config.data.site_name}</dd>
          </dl>
        )}
      </section>
    </main>
  );
}
