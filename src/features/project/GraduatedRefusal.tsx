import { Link } from 'wouter';
import { ContentRefusal } from '../../app/ui/ContentShell';
import { GRADUATED_HINT, GRADUATED_MSG } from './access';

/** What a graduated student sees instead of a case's detail or content (SPEC §8), with the way back. */
export function GraduatedRefusal({ level }: { level?: 1 | 2 }) {
  return (
    <ContentRefusal title={GRADUATED_MSG} text={GRADUATED_HINT} level={level}>
      <Link href="/project/list" className="btn btn--primary">
        返回案例列表
      </Link>
    </ContentRefusal>
  );
}
