// Route file (SPEC §2): '/activity', the tutor activity area.
export { ActivityArea as Screen } from '../../ActivityArea';
