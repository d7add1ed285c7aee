import { Tabs } from 'radix-ui';
import { AvatarPicker } from './AvatarPicker';
import { PasswordForm } from './PasswordForm';
import { PersonalLayout } from './PersonalLayout';
import { ProfileForm } from './ProfileForm';
import './set.css';

/** MySet (`/set`): photo and profile, and password, one tab each (radix Tabs: arrow keys move between them). */
export function MySet() {
  return (
    <PersonalLayout title="个人设置">
      <Tabs.Root defaultValue="profile" className="set-tabs">
        <Tabs.List className="set-tabs__list" aria-label="个人设置">
          <Tabs.Trigger value="profile" className="set-tabs__tab">
            基本资料
          </Tabs.Trigger>
          <Tabs.Trigger value="password" className="set-tabs__tab">
            修改密码
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="set-tabs__panel">
          <AvatarPicker />
          <ProfileForm />
        </Tabs.Content>
        <Tabs.Content value="password" className="set-tabs__panel">
          <PasswordForm />
        </Tabs.Content>
      </Tabs.Root>
    </PersonalLayout>
  );
}
