import { WriteOffList } from '../../../features/write-offs/components/WriteOffList.tsx';

export function Component() {
  return (
    <>
      <title>Cartera castigada · PrestaYa</title>
      <WriteOffList />
    </>
  );
}
