import { useRef } from 'react';
import { Tabs } from 'radix-ui';
import { AvatarPicker } from './AvatarPicker';
import { PasswordForm } from './PasswordForm';
import { PersonalLayout } from './PersonalLayout';
import { ProfileForm } from './ProfileForm';
import './set.css';

/** MySet (`/set`): photo and profile, and password, one tab each (radix Tabs: arrow keys move between them). */
export function MySet() {
  // A photo chosen and cropped but not saved with 保存头像 is saved by the form's 保存 too: the
  // student who pressed 保存 meant everything on the tab (it was dropped, while 个人信息保存成功 was said).
  const pendingAvatar = useRef<(() => Promise<boolean>) | null>(null);
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
          <AvatarPicker pending={pendingAvatar} />
          <ProfileForm beforeSave={() => pendingAvatar.current?.() ?? Promise.resolve(false)} />
        </Tabs.Content>
        <Tabs.Content value="password" className="set-tabs__panel">
          <PasswordForm />
        </Tabs.Content>
      </Tabs.Root>
    </PersonalLayout>
  );
}
