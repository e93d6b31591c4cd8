import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** If the charts' chunk cannot be loaded (offline, new deploy), the figures and tables stay on screen. */
export class ChartBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert color="gray" variant="light">
          No se pudo cargar la gráfica. Recargue la página para intentarlo de nuevo.
        </Alert>
      );
    }
    return this.props.children;
  }
}
