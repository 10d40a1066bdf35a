import type { ReportActionLabels } from '../ui/report-form.tsx';
import { useMessage } from './use-message.ts';

/** The words of every "Report" action (src/ui/report-form.tsx), the same wherever content is reported. */
export function useReportLabels(): ReportActionLabels {
  const t = useMessage();
  return {
    open: t('report.open'),
    title: t('report.title'),
    reason: t('report.reasonLabel'),
    detail: t('report.detail'),
    send: t('report.send'),
    cancel: t('report.cancel'),
    sent: t('report.sent'),
    reasons: {
      spam: t('report.reason.spam'),
      abuse: t('report.reason.abuse'),
      porn: t('report.reason.porn'),
      illegal: t('report.reason.illegal'),
      other: t('report.reason.other'),
    },
  };
}
