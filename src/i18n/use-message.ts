import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './messages.ts';

type Values = Record<string, string | number>;

/** A translator for the current language: `t('route.main')`, `t('user.level', { level: 3 })`. */
export function useMessage(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
