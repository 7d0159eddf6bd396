import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Withdraw" text="Send your earnings to a crypto address." />;
}
