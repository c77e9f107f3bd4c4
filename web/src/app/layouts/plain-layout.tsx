import { Outlet } from 'react-router';
import { PlainFrame } from './plain-frame';

/** PlainLayout is the route layout of the screens outside the menu (see PlainFrame). */
export default function PlainLayout() {
  return (
    <PlainFrame>
      <Outlet />
    </PlainFrame>
  );
}
