import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { errorMessage } from '@/lib/api';
import { FIRST_PAGE, paths, REDIRECT_PARAM, safeRedirect } from '@/lib/paths';
import { signedIn } from '@/lib/session/session-slice';
import { isUserInfo, writeSession } from '@/lib/session/session-storage';
import { useLoginMutation } from '../api/auth-api';
import { Field } from '@/components/field';
import { MAX_EMAIL_LEN, MAX_PASSWORD_LEN } from '@/lib/limits';
import { loginSchema, type LoginValues } from './schemas';

export const LOGIN_FAILURE = 'Sign in failed. Please check your credentials.';

/** Navigation state the sign-in page understands (sent by sign-up; never put in the URL). */
export interface LoginArrival {
  /** Fills the e-mail field. */
  email?: string;
  /** A success line shown above the form. */
  notice?: string;
}

function readArrival(state: unknown): LoginArrival {
  if (typeof state !== 'object' || state === null) return {};
  const { email, notice } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    notice: typeof notice === 'string' ? notice : undefined,
  };
}

export function LoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state } = useLocation();
  // Read once: the notice and the address belong to the arrival, not to later renders.
  const [arrival] = useState(() => readArrival(state));
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: yupResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: arrival.email ?? '', password: '' },
  });

  // With the address already filled in, the password is what is left to type.
  useEffect(() => {
    if (arrival.email) setFocus('password');
  }, [arrival.email, setFocus]);

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    let message = LOGIN_FAILURE;
    try {
      const response = await login({ email: values.email, password: values.password }).unwrap();
      if (typeof response.token === 'string' && response.token !== '' && isUserInfo(response.userInfo)) {
        dispatch(signedIn(writeSession(response.token, response.userInfo)));
        navigate(safeRedirect(search.get(REDIRECT_PARAM)) ?? paths.products.getHref(FIRST_PAGE));
        return;
      }
      // A 200 without a token and user info carries its reason in `message`.
      if (response.message) message = response.message;
    } catch (error) {
      message = errorMessage(error, LOGIN_FAILURE);
    }
    setFailure(message);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {arrival.notice && !failure && (
        <div role="status" className="alert alert-success">
          <span>{arrival.notice}</span>
        </div>
      )}
      {failure && (
        <div role="alert" className="alert alert-error">
          <span>{failure}</span>
        </div>
      )}
      <Field id="login-email" label="Email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LEN} error={errors.email?.message} registration={register('email')} />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={MAX_PASSWORD_LEN}
        error={errors.password?.message}
        registration={register('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
