import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/page-placeholder';
import { SignUpForm } from '../components/sign-up-form';

/** /sign-up: a new account goes on to e-mail verification (onboarding's verify step). */
export default function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
        Create your account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Hire vetted developers or find your next project.
      </Typography>
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
