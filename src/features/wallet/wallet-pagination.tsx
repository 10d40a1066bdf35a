import { useMessage } from '../../i18n/use-message.ts';
import { Pagination } from '../../ui/pagination.tsx';

/** The pages of a wallet list (withdrawals, orders), from the contract's page fields. */
export function WalletPagination({ page, total, limit, onChange, label }: { page: number; total: number; limit: number; onChange: (page: number) => void; label: string }) {
  const t = useMessage();
  return (
    <Pagination
      page={page}
      pageCount={Math.max(1, Math.ceil(total / limit))}
      onChange={onChange}
      label={label}
      previousLabel={t('wallet.previousPage')}
      nextLabel={t('wallet.nextPage')}
      pageLabel={(n) => t('wallet.page', { page: n })}
    />
  );
}
