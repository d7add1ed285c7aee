import { useSearchParams } from 'wouter';
import { ListSearchBox } from '../../app/ui/ListSearchBox';
import { ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { helpCenterPage } from './api';
import { HelpItem } from './HelpItem';
import { pageFrom } from './page';
import './help.css';

/** Help (`/help`): help-centre entries, 10 a page, each expandable; page and search in the URL. */
export function Help() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const name = params.get('name') ?? '';
  const state = useRemote(() => helpCenterPage(page, name).then(unwrap), [page, name]);
  const records = state.data?.records ?? [];

  // Replace, not push: Back leaves the help centre rather than stepping through its pages.
  const go = (next: number, search = name) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next > 1) q.set('page', String(next));
        else q.delete('page');
        // The search box wrote ?name= through its own hook; write it again so this update keeps it.
        if (search) q.set('name', search);
        else q.delete('name');
        return q;
      },
      { replace: true },
    );

  return (
    <section className="container help" aria-labelledby="help-title">
      <header className="help__head">
        <h1 id="help-title">帮助中心</h1>
        {/* A new search starts again from page 1. */}
        <ListSearchBox label="搜索帮助" placeholder="搜索问题" onSearch={(n) => go(1, n)} />
      </header>
      <ListStatus
        status={state.status}
        hasData={records.length > 0}
        error={state.error}
        onRetry={state.reload}
        emptyText={name ? '没有找到相关问题' : '暂无帮助内容'}
        label="帮助列表"
      >
        {state.data && (
          <>
            {/* Keyed by page so a new page starts with every entry collapsed. */}
            <ul className="help-list" key={`${page}-${name}`}>
              {records.map((h) => (
                <HelpItem key={h.uuid} entry={h} />
              ))}
            </ul>
            <Pager page={page} pages={state.data.pages} onChange={(p) => go(p)} label="帮助分页" />
          </>
        )}
      </ListStatus>
    </section>
  );
}
