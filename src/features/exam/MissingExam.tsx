import { Link } from 'wouter';
import { ContentRefusal } from '../../app/ui/ContentShell';

/** An answer page opened without the ids it needs (a hand-edited or cut address): said, with the way back. */
export function MissingExam({ back }: { back: { href: string; label: string } }) {
  return (
    <div className="container">
      <ContentRefusal title="缺少考试信息" text="请从考试列表进入。" level={1}>
        <Link href={back.href} className="btn btn--primary">
          {back.label}
        </Link>
      </ContentRefusal>
    </div>
  );
}
