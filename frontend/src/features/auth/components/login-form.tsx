import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { errorMessage } from '@/lib/api';
import { FIRST_PAGE, paths, REDIRECT_PARAM, safeRedirect } from '@/lib/paths';
import { signedIn } from '@/lib/session/session-slice';
import { isUserInfo, writeSession } from '@/lib/session/session-storage';
import { useLoginMutation } from '../api/auth-api';
import { Field } from '@/components/field';
import { loginSchema, type LoginValues } from './schemas';

export const LOGIN_FAILURE = 'Sign in failed. Please check your credentials.';

export function LoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: yupResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

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
      {failure && (
        <div role="alert" className="alert alert-error">
          <span>{failure}</span>
        </div>
      )}
      <Field id="login-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} registration={register('email')} />
      <Field id="login-password" label="Password" type="password" autoComplete="current-password" error={errors.password?.message} registration={register('password')} />
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
