import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { useCreateUserMutation, useUpdateUserMutation, type AdminUser } from '../api/users-api';
import { USER_CREATED, USER_UPDATED } from '../lib/messages';
import { AccountFields, FormAlert, FormButtons, PasswordFields } from './form-parts';
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
import { useUserSave } from './use-user-save';

const ACCOUNT_FIELDS = ['email', 'role', 'firstName', 'lastName', 'phoneNumber'] as const;
const NEW_USER_FIELDS = [...ACCOUNT_FIELDS, 'password', 'confirmPassword'] as const;

/** The registrations and messages of the account fields (both forms name them alike). */
function accountProps<T extends UserFormValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  const registrations = Object.fromEntries(ACCOUNT_FIELDS.map((name) => [name, register(name as Path<T>)]));
  const messages = Object.fromEntries(ACCOUNT_FIELDS.map((name) => [name, errors[name]?.message]));
  return {
    registrations: registrations as Record<(typeof ACCOUNT_FIELDS)[number], ReturnType<typeof register>>,
    errors: messages as Record<(typeof ACCOUNT_FIELDS)[number], string | undefined>,
  };
}

/**
 * New User (/admin/users/new): e-mail, a password typed twice (the registration rule), role,
 * names and phone. The server's field errors (422) land on their fields, a 409 ("Email is
 * already registered") in the form's alert; success returns to All Users.
 */
export function NewUserForm() {
  const [create] = useCreateUserMutation();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NewUserFormValues>({ resolver: yupResolver(newUserSchema), mode: 'onTouched', defaultValues: EMPTY_NEW_USER });
  const submit = useUserSave({ setError, setFocus }, { fields: NEW_USER_FIELDS, action: 'create', done: USER_CREATED });

  const onSubmit = (values: NewUserFormValues) => submit(() => create(newUserBodyOf(values)).unwrap());

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="New User" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <AccountFields idPrefix="new-user" {...accountProps(register, errors)}>
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
  const [update] = useUpdateUserMutation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: yupResolver(userSchema), mode: 'onTouched', defaultValues: formValuesOf(user) });
  const submit = useUserSave({ setError, setFocus }, { fields: ACCOUNT_FIELDS, action: 'update', done: USER_UPDATED });

  const onSubmit = (values: UserFormValues) => submit(() => update({ id: user.id, body: userBodyOf(values) }).unwrap());

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit User" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <AccountFields idPrefix="edit-user" {...accountProps(register, errors)} />
      <FormButtons label="Update User" busy={isSubmitting} />
    </form>
  );
}
