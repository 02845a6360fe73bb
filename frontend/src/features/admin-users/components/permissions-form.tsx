import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import type { Role } from '@/lib/session/types';
import { useSetUserPermissionsMutation, type AdminUser } from '../api/users-api';
import { PERMISSIONS_UPDATED } from '../lib/messages';
import { FormAlert, FormButtons, RoleSelect } from './form-parts';
import { permissionsBodyOf, permissionsSchema, type PermissionsValues } from './user-schema';
import { useUserSave } from './use-user-save';

const FIELDS = ['role', 'active'] as const;

/**
 * User Permissions (/admin/users/{id}/permissions): the role and whether the user may sign in.
 * A 409 ("You cannot remove your own admin role", "You cannot deactivate your own account")
 * shows in the form's alert; success returns to All Users.
 */
export function PermissionsForm({ user }: { user: AdminUser }) {
  const [save] = useSetUserPermissionsMutation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PermissionsValues>({
    resolver: yupResolver(permissionsSchema),
    defaultValues: { role: user.role as Role, active: user.active },
  });
  const submit = useUserSave({ setError, setFocus }, { fields: FIELDS, action: 'permissions', done: PERMISSIONS_UPDATED });

  const onSubmit = (values: PermissionsValues) => submit(() => save({ id: user.id, body: permissionsBodyOf(values) }).unwrap());

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="User Permissions" className="space-y-6">
      <FormAlert message={errors.root?.server?.message} />
      <fieldset className="fieldset grid gap-4 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Permissions of {user.email}</legend>
        <RoleSelect id="permissions-role" error={errors.role?.message} registration={register('role')} />
        <div className="flex flex-col gap-1">
          <label className="flex cursor-pointer items-center gap-3 font-medium">
            <input type="checkbox" role="switch" className="toggle" aria-describedby="permissions-active-hint" {...register('active')} />
            <span>Active</span>
          </label>
          <p id="permissions-active-hint" className="text-sm text-base-content/80">
            An inactive user cannot sign in.
          </p>
          {errors.active?.message && <p className="rounded bg-error px-2 py-1 text-sm text-error-content">{errors.active.message}</p>}
        </div>
      </fieldset>
      <FormButtons label="Save Permissions" busy={isSubmitting} />
    </form>
  );
}
