import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { SignUpForm } from '../components/sign-up-form';
import { PageHeading } from '../../../components/form-page';

/** /sign-up: a new account goes on to e-mail verification (onboarding's verify step). */
export default function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="Create your account">Hire vetted developers or find your next project.</PageHeading>
      <SignUpForm onSuccess={() => navigate('/sign-up/developer', { replace: true })} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Log in
        </Link>
      </Typography>
    </>
  );
}
