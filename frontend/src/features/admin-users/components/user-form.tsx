import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { toastShown } from '@/lib/toast/toast-slice';
import { useCreateUserMutation, useUpdateUserMutation, type AdminUser } from '../api/users-api';
import { USER_CREATED, USER_UPDATED, userFailure } from '../lib/messages';
import { AccountFields, FormAlert, FormButtons, PasswordFields } from './form-parts';
import { showServerErrors } from './server-errors';
import {
  EMPTY_NEW_USER,
  formValuesOf,
  newUserBodyOf,
  newUserSchema,
  userBodyOf,
  userSchema,
  type NewUserFormValues,
  type UserFormValues,
} from './user-schema';

const ACCOUNT_FIELDS = ['email', 'role', 'firstName', 'lastName', 'phoneNumber'] as const;
const NEW_USER_FIELDS = [...ACCOUNT_FIELDS, 'password', 'confirmPassword'] as const;

/**
 * New User (/admin/users/new): e-mail, a password typed twice (the registration rule), role,
 * names and phone. The server's field errors (422) land on their fields, a 409 ("Email is
 * already registered") in the form's alert; success returns to All Users.
 */
export function NewUserForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create] = useCreateUserMutation();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NewUserFormValues>({ resolver: yupResolver(newUserSchema), mode: 'onTouched', defaultValues: EMPTY_NEW_USER });

  const onSubmit = async (values: NewUserFormValues) => {
    try {
      await create(newUserBodyOf(values)).unwrap();
      dispatch(toastShown(USER_CREATED, 'success'));
      await navigate(paths.adminUsers.getHref());
    } catch (error) {
      const message = userFailure('create', error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, message, NEW_USER_FIELDS, setError, setFocus);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="New User" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <AccountFields
        idPrefix="new-user"
        registrations={{
          email: register('email'),
          role: register('role'),
          firstName: register('firstName'),
          lastName: register('lastName'),
          phoneNumber: register('phoneNumber'),
        }}
        errors={{
          email: errors.email?.message,
          role: errors.role?.message,
          firstName: errors.firstName?.message,
          lastName: errors.lastName?.message,
          phoneNumber: errors.phoneNumber?.message,
        }}
      >
        <PasswordFields
          idPrefix="new-user"
          shown={showPassword}
          onShownChange={setShowPassword}
          registrations={{ password: register('password'), confirmPassword: register('confirmPassword') }}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
      </AccountFields>
      <FormButtons label="Create User" busy={isSubmitting} />
    </form>
  );
}

/**
 * Edit User (/admin/users/{id}/edit): e-mail, role, names and phone (no password: that is Reset
 * Password). A 409 ("You cannot remove your own admin role", an e-mail taken) shows in the
 * form's alert; success returns to All Users.
 */
export function EditUserForm({ user }: { user: AdminUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [update] = useUpdateUserMutation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: yupResolver(userSchema), mode: 'onTouched', defaultValues: formValuesOf(user) });

  const onSubmit = async (values: UserFormValues) => {
    try {
      await update({ id: user.id, body: userBodyOf(values) }).unwrap();
      dispatch(toastShown(USER_UPDATED, 'success'));
      await navigate(paths.adminUsers.getHref());
    } catch (error) {
      const message = userFailure('update', error);
      dispatch(toastShown(message, 'error'));
      showServerErrors(error, message, ACCOUNT_FIELDS, setError, setFocus);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit User" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <AccountFields
        idPrefix="edit-user"
        registrations={{
          email: register('email'),
          role: register('role'),
          firstName: register('firstName'),
          lastName: register('lastName'),
          phoneNumber: register('phoneNumber'),
        }}
        errors={{
          email: errors.email?.message,
          role: errors.role?.message,
          firstName: errors.firstName?.message,
          lastName: errors.lastName?.message,
          phoneNumber: errors.phoneNumber?.message,
        }}
      />
      <FormButtons label="Update User" busy={isSubmitting} />
    </form>
  );
}
