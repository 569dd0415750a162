import { Switch } from '@mantine/core';
import { useState } from 'react';
import { isMessageSoundOn, setMessageSound } from '../chime.ts';

/** The chime's own switch for this browser (decision 026): the spec's "muted by the user's setting". */
export function MessageSoundSwitch() {
  const [on, setOn] = useState(isMessageSoundOn);
  return (
    <Switch
      size="sm"
      label="Sound for new messages"
      checked={on}
      onChange={(event) => {
        setOn(event.currentTarget.checked);
        setMessageSound(event.currentTarget.checked);
      }}
    />
  );
}
