import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { errorMessage, fieldErrors } from '@/lib/api';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import type { LoginArrival } from './login-form';
import { useRegisterMutation } from '../api/auth-api';
import { Field } from '@/components/field';
import { MAX_EMAIL_LEN } from '@/lib/limits';
import { PasswordPair } from './password-pair';
import { registerSchema, type RegisterValues } from './schemas';

export const REGISTER_SUCCESS = 'Account created successfully! Please log in.';
export const REGISTER_FAILURE = 'Registration failed. Please try again.';

export function RegisterForm() {
  const [registerUser, { isLoading }] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: yupResolver(registerSchema),
    // Errors appear only after the first submit, then follow each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: RegisterValues) => {
    try {
      await registerUser({ email: values.email, password: values.password }).unwrap();
      // The sign-in page shows the notice inline (a toast would sit over the navigation bar) and
      // arrives with the address filled in; navigation state keeps it out of the URL.
      const arrival: LoginArrival = { email: values.email, notice: REGISTER_SUCCESS };
      navigate(paths.login.getHref(), { state: arrival });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (field === 'email' || field === 'password') setError(field, { type: 'server', message });
      }
      dispatch(toastShown(errorMessage(error, REGISTER_FAILURE), 'error'));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Sign up">
      <Field id="register-email" label="Email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LEN} error={errors.email?.message} registration={register('email')} />
      <PasswordPair
        idPrefix="register"
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        password={{ registration: register('password'), error: errors.password?.message }}
        confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <p className="text-sm">
        At least 8 characters with a capital letter, a lowercase letter, a number and one of #?!@$%^&amp;*-
      </p>
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {isLoading ? 'Creating account...' : 'Sign Up'}
      </button>
    </form>
  );
}
