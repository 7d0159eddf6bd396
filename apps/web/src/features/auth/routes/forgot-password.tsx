import { PagePlaceholder } from '../../../components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Forgot password" text="Get a link to reset your password." />;
}
