// Mantine's notifications component (and its styles) in a module of its own: imported on demand
// from here, it lands in a chunk of its own, while the store the first page reads stays in the
// entry.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
