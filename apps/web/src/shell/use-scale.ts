import { useEffect, useState } from 'react';
import { computeScale, type ScaleFit } from './scale';

const currentFit = () => computeScale(window.innerWidth, window.innerHeight);

/** Scale-to-fit of the design, computed on mount and on every resize; the listener goes on unmount. */
export function useScaleToFit(): ScaleFit {
  const [fit, setFit] = useState(currentFit);
  useEffect(() => {
    const onResize = () => setFit(currentFit());
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return fit;
}
