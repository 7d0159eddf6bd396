import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Deposit" text="Add USDT to your balance." />;
}
