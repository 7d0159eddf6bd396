import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Find Projects" text="Featured, public and verified projects." />;
}
