// A media field of a form (a node's media, the map's background, the header's logo): the chosen
// asset's thumbnail and name, a button that opens the library in choosing mode, and "remove".
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { getMedia, mediaKeys, type MediaAsset, type MediaType } from '../../api/media';
import { Thumbnail } from './LibraryParts';
import { useMediaChooser } from './mediaChooser';
import styles from './Media.module.css';

/** The name a field shows for its asset: the title given to it, else the file's name. */
const assetName = (a: MediaAsset | undefined) => (a ? a.metadata.title || a.name : '…');

export function MediaField({
  value,
  label,
  types,
  disabled,
  testId,
  onChange,
}: {
  /** The asset key the field holds, or null. */
  value: string | null;
  /** The field's name, as its form labels it. */
  label: string;
  types?: readonly MediaType[];
  disabled: boolean;
  testId: string;
  /** Sets the key (or null: removed). */
  onChange: (key: string | null, asset?: MediaAsset) => void;
}) {
  const { t } = useTranslation();
  const chooser = useMediaChooser();
  const clientName = chooser?.clientName ?? '';
  const asset = useQuery({
    queryKey: mediaKeys.asset(clientName, value ?? ''),
    queryFn: ({ signal }) => getMedia(clientName, value ?? '', signal),
    enabled: value !== null && value !== '' && chooser !== null,
  });
  const missing = asset.error instanceof ApiError && asset.error.status === 404;
  const open = () => {
    chooser?.choose({
      field: label,
      ...(types && { types }),
      onChoose: (a) => {
        onChange(a.key, a);
      },
    });
  };
  const has = value !== null && value !== '';
  return (
    <div className={styles.mediaField} data-testid={testId} data-key={value ?? ''}>
      {has && (
        <span className={styles.fieldThumb} aria-hidden="true">
          {asset.data && <Thumbnail asset={asset.data} />}
        </span>
      )}
      <span className={styles.fieldName} title={asset.data?.name ?? value ?? ''} data-testid={`${testId}-name`}>
        {!has ? t('media.field.none') : missing ? t('media.field.missing') : assetName(asset.data)}
      </span>
      <span className={styles.fieldButtons}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={disabled || chooser === null}
          aria-label={`${has ? t('media.field.change') : t('media.field.choose')}: ${label}`}
          data-testid={`${testId}-choose`}
          onClick={open}
        >
          {has ? t('media.field.change') : t('media.field.choose')}
        </button>
        {has && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={disabled}
            aria-label={`${t('media.field.remove')}: ${label}`}
            data-testid={`${testId}-remove`}
            onClick={() => {
              onChange(null);
            }}
          >
            {t('media.field.remove')}
          </button>
        )}
      </span>
    </div>
  );
}
