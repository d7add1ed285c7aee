import { Link } from 'wouter';
import { HomeShelves } from './HomeShelves';
import './home.css';

const areas = [
  { title: '专业课程', desc: '名师录制的系统课程，按章节学习，随时续播。', to: '/course/list' },
  { title: '项目案例', desc: '真实企业项目拆解成学习节点，配套资源与思维导图。', to: '/project/list' },
  { title: '实践训练', desc: '动手练习巩固所学，边做边学。', to: '/practice' },
  { title: '导师活动', desc: '报名学业导师，获得一对一的成长指导。', to: '/activity' },
];

/** Home (SPEC §2): open to everyone. */
export function Home() {
  return (
    <div className="home">
      <section className="home__banner" aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title">学图 · 让学习路径一目了然</h1>
          <p>面向大学生的在线学习平台：专业课程、项目案例、实践训练与学习思维导图。</p>
        </div>
      </section>
      <section className="container home__areas" aria-label="学习板块">
        {areas.map((a) => (
          <Link key={a.title} href={a.to} className="home__area">
            <h2>{a.title}</h2>
            <p>{a.desc}</p>
          </Link>
        ))}
      </section>
      <HomeShelves />
    </div>
  );
}
