import { saveObjectUrl } from '@/lib/download';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import { useDownloadReportCsvMutation, type Report } from '../api/reports-api';
import { EXPORT_FAILED } from '../lib/messages';

/** Downloads a completed report's CSV (GET fileUrl with the bearer token) and saves it as the server names it. */
export function useReportDownload() {
  const dispatch = useAppDispatch();
  const [download, { isLoading, originalArgs }] = useDownloadReportCsvMutation();
  const save = async (report: Pick<Report, 'fileUrl' | 'type'>) => {
    try {
      const file = await download({ fileUrl: report.fileUrl, type: report.type }).unwrap();
      saveObjectUrl(file.url, file.filename);
    } catch {
      dispatch(toastShown(EXPORT_FAILED, 'error'));
    }
  };
  const busy = (report: Pick<Report, 'fileUrl'>) => isLoading && originalArgs?.fileUrl === report.fileUrl;
  return { save, busy };
}
