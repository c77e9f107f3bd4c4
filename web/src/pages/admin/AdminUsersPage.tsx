import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUser } from '@/api/generated/app-router';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { usersList } from '@/features/admin/api';
import { type Column } from '@/features/admin/data-list';
import { LoadedSortList } from '@/features/admin/page-sort';
import { FilterBar } from '@/features/admin/filter-bar';
import { formatWhen } from '@/lib/format';
import { AdminFrame, Badge } from '@/features/admin/frame';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useTranslation } from '@/i18n';
import { UserDetail, UserState } from './user-detail';

/** /admin/users — find people by e-mail, name or phone; ?user= opens one person's page. */
export default function AdminUsersPage() {
  const [params] = useSearchParams();
  const userUuid = params.get('user');
  return <AdminFrame page="adminUsers">{userUuid ? <UserDetail userUuid={userUuid} /> : <UserList />}</AdminFrame>;
}

function UserList() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const paged = useKeyPaged(usersList(query));
  const name = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');
  const columns: Column<AdminUser>[] = [
    {
      id: 'email',
      header: t('users.email'),
      primary: true,
      cell: (u) => (
        <Link to={`/admin/users?user=${u.uuid}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {u.email || u.uuid}
        </Link>
      ),
    },
    { id: 'name', header: t('users.name'), cell: (u) => name(u) || '—' },
    { id: 'phone', header: t('users.phone'), cell: (u) => u.phone || '—' },
    {
      id: 'roles',
      header: t('users.roles'),
      cell: (u) => (u.roles.length ? <span className="inline-flex gap-1">{u.roles.map((r) => <Badge key={r}>{r}</Badge>)}</span> : '—'),
    },
    { id: 'state', header: t('users.state'), cell: (u) => <UserState user={u} t={t} /> },
    { id: 'created', header: t('common.created'), cell: (u) => formatWhen(u.createdAt, i18n.language) },
  ];
  return (
    <>
      <FilterBar
        onApply={() => setParams(text.trim() ? { q: text.trim() } : {})}
        onClear={() => {
          setText('');
          setParams({});
        }}
      >
        <Field label={t('users.search')} className="sm:col-span-2 lg:col-span-1">
          {(control) => <Input {...control} type="search" value={text} placeholder={t('users.searchHint')} onChange={(e) => setText(e.target.value)} />}
        </Field>
      </FilterBar>
      <KeyPaged paged={paged} empty={query ? t('users.noMatch') : t('users.none')}>
        {(items) => (
          <LoadedSortList
            label={t('users.list')}
            rows={items}
            columns={columns}
            keys={{ email: (u) => u.email, name: (u) => name(u), phone: (u) => u.phone, created: (u) => u.createdAt }}
            rowKey={(u) => u.uuid}
            rowAttr={(u) => ({ 'data-user': u.email })}
          />
        )}
      </KeyPaged>
    </>
  );
}
