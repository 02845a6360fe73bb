import { createAction, createDynamicMiddleware, type Middleware, type MiddlewareAPI } from '@reduxjs/toolkit';

const dynamic = createDynamicMiddleware();

/** Every store made so far (the app makes one; a test file a few), to tell of a module's arrival. */
const stores = new Set<MiddlewareAPI>();

/**
 * Dispatched to every store when a lazily loaded module has added its reducer and middleware
 * (`installLazily`), so that each store's state holds the new slice before a component reads it:
 * an injected slice's state is only made by the next action.
 */
export const lazyModuleInstalled = createAction<string>('app/lazyModuleInstalled');

/** The store's slot for middleware that arrives with a lazily loaded module. */
export const lazyMiddleware: Middleware = (store) => {
  stores.add(store);
  return dynamic.middleware(store);
};

/**
 * Adds `middleware` to every store, present and future, and then initialises the reducers the
 * module `name` injected (rootReducer.inject) in the present ones.
 */
export function installLazily(name: string, ...middleware: Middleware[]) {
  dynamic.addMiddleware(...middleware);
  for (const store of stores) store.dispatch(lazyModuleInstalled(name));
}
