import { rootReducer } from '@/lib/root-reducer';
import { selectCartId, selectIsAdmin, selectToken, sessionChecked, sessionEnded, signedIn } from '@/lib/session/session-slice';
import { selectTheme, themeChanged } from '@/lib/theme/theme-slice';
import { selectToasts, toastDismissed, toastShown } from '@/lib/toast/toast-slice';
import { storedSession } from '@/test/render';

// The client slices are plain reducers (lib/root-reducer.ts says why): they must return new state
// for a change, and the same state object for an action that changes nothing.

const initial = () => rootReducer(undefined, { type: 'test/init' });

describe('the session slice', () => {
  it('starts loading, signs in, keeps an unchanged session as it is, and signs out', () => {
    const start = initial();
    expect(start.session.status).toBe('loading');

    const session = storedSession({ role: 'ADMIN' });
    const inState = rootReducer(start, signedIn(session));
    expect(selectToken(inState)).toBe('token-123');
    expect(selectIsAdmin(inState)).toBe(true);
    expect(selectCartId(inState)).toBe(session.userInfo.Cart?.id);

    // The 60 s check with the same stored session re-renders nothing.
    const checked = rootReducer(inState, sessionChecked({ ...session }));
    expect(checked.session).toBe(inState.session);
    // A renewed token replaces it.
    const renewed = rootReducer(inState, sessionChecked({ ...session, token: 'token-456' }));
    expect(selectToken(renewed)).toBe('token-456');

    const out = rootReducer(renewed, sessionEnded());
    expect(out.session).toEqual({ status: 'unauthenticated', token: null, userInfo: null, expiresAt: null });
    expect(rootReducer(out, sessionChecked(null)).session).toBe(out.session);
    expect(selectIsAdmin(out)).toBe(false);
  });
});

describe('the toast slice', () => {
  it('adds notices in order and dismisses one by id, leaving the state as it was', () => {
    const start = initial();
    const one = rootReducer(start, toastShown('Added to cart', 'success'));
    const two = rootReducer(one, toastShown('Out of stock', 'error'));
    expect(start.toast.items).toEqual([]);
    expect(one.toast.items).toHaveLength(1);
    expect(selectToasts(two).map((t) => [t.message, t.kind])).toEqual([
      ['Added to cart', 'success'],
      ['Out of stock', 'error'],
    ]);
    expect(rootReducer(two, toastShown('Saved')).toast.items[2].kind).toBe('info');

    const [first] = selectToasts(two);
    expect(selectToasts(rootReducer(two, toastDismissed(first.id))).map((t) => t.message)).toEqual(['Out of stock']);
  });
});

describe('the theme slice', () => {
  it('holds the chosen theme and ignores other actions', () => {
    const start = initial();
    const dark = rootReducer(start, themeChanged('dark'));
    expect(selectTheme(dark)).toBe('dark');
    expect(rootReducer(dark, { type: 'other' }).theme).toBe(dark.theme);
  });
});
