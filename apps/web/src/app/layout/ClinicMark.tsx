import { API_BASE } from '../../api/constants.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import { LogoMark } from '../../ui/Logo.tsx';
import './clinic-mark.css';

/**
 * The clinic's uploaded logo (settings), or the portal's own mark without one. Decorative: the
 * clinic's name is always written beside it, so the image adds nothing for a screen reader.
 */
export function ClinicMark({ size }: { size: number }) {
  const { data: config } = usePublicConfig();
  if (!config?.logo_path) return <LogoMark size={size} />;
  return <img className="clinic-mark" src={`${API_BASE}${config.logo_path}`} alt="" height={size} />;
}
