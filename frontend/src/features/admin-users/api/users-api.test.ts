import { exportFilename, userListQuery } from './users-api';

describe('the user list and export queries', () => {
  it('sends the page first, then only the filters that are set, the search trimmed', () => {
    expect(userListQuery({ page: 1, pageSize: 10, search: '', role: '', active: '' })).toBe('page=1&pageSize=10');
    expect(userListQuery({ page: 3, pageSize: 25, search: ' ann & co ', role: 'MEMBER', active: 'false' })).toBe(
      'page=3&pageSize=25&search=ann+%26+co&role=MEMBER&active=false',
    );
  });

  it("names the file as the server does, or users-export-{UTC date}.csv", () => {
    expect(exportFilename('attachment; filename="users-export-2026-07-04.csv"')).toBe('users-export-2026-07-04.csv');
    expect(exportFilename('attachment; filename=users-export-2026-07-04.csv')).toBe('users-export-2026-07-04.csv');
    expect(exportFilename(null, new Date('2026-12-31T23:30:00Z'))).toBe('users-export-2026-12-31.csv');
  });
});
