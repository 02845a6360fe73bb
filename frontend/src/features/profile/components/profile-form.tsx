import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type FieldErrors, type FieldPath, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Field, SelectField } from '@/components/field';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { MAX_ADDRESS_LINE_LEN, MAX_NAME_LEN, MAX_PHONE_LEN, MAX_POSTAL_CODE_LEN } from '@/lib/limits';
import { paths } from '@/lib/paths';
import { selectUserInfo } from '@/lib/session/session-slice';
import { toastShown } from '@/lib/toast/toast-slice';
import { US_STATES } from '@/lib/us-states';
import { useUpdateProfileMutation, type Profile } from '../api/profile-api';
import { formValuesOf, profileSchema, profileUpdateOf, type AddressValues, type ProfileFormValues } from './profile-schema';

export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_SAVE_FAILED = 'Unable to save your profile';

type AddressKey = 'billingAddress' | 'shippingAddress';

const ADDRESS_FIELDS: (keyof AddressValues)[] = ['street1', 'street2', 'city', 'state', 'postalCode'];
const PERSONAL_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'phoneNumber', 'canContact', 'acceptedTerms'] as const;

/** The street, city, state and postal code fields of one address, with the address-wide error on top. */
function AddressFields({
  name,
  legend,
  register,
  errors,
}: {
  name: AddressKey;
  legend: string;
  register: UseFormRegister<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>[AddressKey];
}) {
  const id = (field: string) => `profile-${name}-${field}`;
  return (
    <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
      <legend className="fieldset-legend text-lg">{legend}</legend>
      {errors?.message && (
        <p role="alert" className="rounded bg-error px-2 py-1 text-sm text-error-content sm:col-span-2">
          {errors.message}
        </p>
      )}
      <div className="sm:col-span-2">
        <Field id={id('street1')} label="Street Address" type="text" maxLength={MAX_ADDRESS_LINE_LEN} autoComplete={`${name === 'billingAddress' ? 'billing' : 'shipping'} address-line1`} required error={errors?.street1?.message} registration={register(`${name}.street1`)} />
      </div>
      <div className="sm:col-span-2">
        <Field id={id('street2')} label="Street Address Line 2 (optional)" type="text" maxLength={MAX_ADDRESS_LINE_LEN} autoComplete={`${name === 'billingAddress' ? 'billing' : 'shipping'} address-line2`} error={errors?.street2?.message} registration={register(`${name}.street2`)} />
      </div>
      <Field id={id('city')} label="City" type="text" maxLength={MAX_ADDRESS_LINE_LEN} autoComplete={`${name === 'billingAddress' ? 'billing' : 'shipping'} address-level2`} required error={errors?.city?.message} registration={register(`${name}.city`)} />
      <SelectField id={id('state')} label="State" required error={errors?.state?.message} registration={register(`${name}.state`)}>
        <option value="">Select a state</option>
        {Object.entries(US_STATES).map(([code, stateName]) => (
          <option key={code} value={code}>
            {stateName}
          </option>
        ))}
      </SelectField>
      <Field id={id('postalCode')} label="Postal Code" type="text" maxLength={MAX_POSTAL_CODE_LEN} inputMode="numeric" autoComplete={`${name === 'billingAddress' ? 'billing' : 'shipping'} postal-code`} required error={errors?.postalCode?.message} registration={register(`${name}.postalCode`)} />
    </fieldset>
  );
}

/**
 * The Edit Profile form: personal information, billing address and an optional shipping
 * address (hidden while "Use the same address for shipping" is checked). Messages follow
 * storefront.md §5; the server's field errors (422) land on their fields.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [update] = useUpdateProfileMutation();
  const userId = useAppSelector(selectUserInfo)?.id ?? profile.userId;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: yupResolver(profileSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: formValuesOf(profile),
  });
  const sameAsBilling = watch('sameAsBilling');

  const onSubmit = async (values: ProfileFormValues) => {
    try {
      await update(profileUpdateOf(values, userId)).unwrap();
      dispatch(toastShown(PROFILE_SAVED, 'success'));
      await navigate(paths.profile.getHref());
    } catch (error) {
      // Each server message goes to the field it names, when that field is on screen.
      const shown = new Set<string>([...PERSONAL_FIELDS, 'billingAddress', ...ADDRESS_FIELDS.map((f) => `billingAddress.${f}`)]);
      if (!values.sameAsBilling) ['shippingAddress', ...ADDRESS_FIELDS.map((f) => `shippingAddress.${f}`)].forEach((f) => shown.add(f));
      const unplaced: string[] = [];
      const byField = fieldErrors(error);
      for (const [field, message] of Object.entries(byField)) {
        if (shown.has(field)) setError(field as FieldPath<ProfileFormValues>, { type: 'server', message });
        else unplaced.push(message);
      }
      if (unplaced.length || Object.keys(byField).length === 0) {
        setError('root.server', { type: 'server', message: unplaced.length ? unplaced.join(' ') : errorMessage(error, PROFILE_SAVE_FAILED) });
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit Profile" className="space-y-6">
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}
      <fieldset className="fieldset grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
        <legend className="fieldset-legend text-lg">Personal Information</legend>
        <p className="sm:col-span-2">
          Email: <strong>{profile.email}</strong>
        </p>
        <Field id="profile-first-name" label="First Name" type="text" maxLength={MAX_NAME_LEN} autoComplete="given-name" required error={errors.firstName?.message} registration={register('firstName')} />
        <Field id="profile-last-name" label="Last Name" type="text" maxLength={MAX_NAME_LEN} autoComplete="family-name" required error={errors.lastName?.message} registration={register('lastName')} />
        <Field id="profile-date-of-birth" label="Date of Birth" type="date" autoComplete="bday" required error={errors.dateOfBirth?.message} registration={register('dateOfBirth')} />
        <Field id="profile-phone" label="Phone Number" type="tel" maxLength={MAX_PHONE_LEN} autoComplete="tel" required error={errors.phoneNumber?.message} registration={register('phoneNumber')} />
        <label className="flex cursor-pointer items-center gap-2 sm:col-span-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('canContact')} />
          <span>Receive updates and offers by email</span>
        </label>
      </fieldset>

      <AddressFields name="billingAddress" legend="Billing Address" register={register} errors={errors.billingAddress} />

      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('sameAsBilling')} />
        <span>Use the same address for shipping</span>
      </label>
      {!sameAsBilling && <AddressFields name="shippingAddress" legend="Shipping Address" register={register} errors={errors.shippingAddress} />}

      <div className="space-y-1">
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('acceptedTerms')} />
          <span>I accept the Terms of Service</span>
        </label>
        <p className="text-sm">
          Read our{' '}
          <AppLink to={paths.termsOfUse.getHref()} className="link link-primary">
            Terms of Use
          </AppLink>
          .
        </p>
      </div>

      <div className="flex gap-3">
        <AppLink to={paths.profile.getHref()} className="btn btn-ghost">
          Cancel
        </AppLink>
        <button type="submit" className="btn btn-primary" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}
