import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { CLUB_MESSAGES, LOGO_LIMITS, SETTINGS_MESSAGES } from '@club/contract';

export interface LogoDropZoneProps {
  /** The stored logo's address, or null. */
  storedUrl: string | null;
  /** The file chosen but not saved yet (previewed locally). */
  file: File | null;
  onFile: (file: File) => void;
  readOnly: boolean;
}

/** Checks done before the upload (the server checks again, by content). */
export function logoProblem(file: File): string | null {
  if (!(LOGO_LIMITS.acceptedTypes as readonly string[]).includes(file.type))
    return CLUB_MESSAGES.logoType;
  if (file.size > LOGO_LIMITS.maxBytes) return CLUB_MESSAGES.logoTooLarge;
  return null;
}

/**
 * The logo drop zone (spec §2, §4): drag and drop or the file picker (a real button, so the
 * keyboard reaches it), a local preview until Save. A logo that fails to load shows as no logo.
 * Read-only for everyone but the DIRIGEANT.
 */
export function LogoDropZone({ storedUrl, file, onFile, readOnly }: LogoDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? storedUrl;
  const visible = shown && failed !== shown ? shown : null;

  const take = (f: File | undefined | null) => {
    if (!f) return;
    const p = logoProblem(f);
    setProblem(p);
    if (!p) onFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!readOnly) take(e.dataTransfer.files?.[0]);
  };

  return (
    <div className="logo-field">
      <div
        className={`logo-drop ${dragging ? 'is-dragging' : ''} ${readOnly ? 'is-readonly' : ''}`}
        data-testid="logo-drop-zone"
        onDragOver={(e) => {
          if (readOnly) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {visible ? (
          <img
            src={visible}
            alt={preview ? 'Aperçu du nouveau logo' : 'Logo du club'}
            className="logo-preview"
            onError={() => setFailed(visible)}
          />
        ) : (
          <span className="logo-empty" aria-hidden="true">
            Aucun logo
          </span>
        )}
        {readOnly ? (
          <p className="muted">{SETTINGS_MESSAGES.managerOnlyZone}</p>
        ) : (
          <>
            <p id={hintId} className="muted">
              Glissez une image ici (PNG, JPEG ou WebP, 2 Mo au plus) ou
            </p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-describedby={hintId}
              onClick={() => inputRef.current?.click()}
            >
              Choisir une image
            </button>
            <input
              ref={inputRef}
              type="file"
              accept={LOGO_LIMITS.acceptedTypes.join(',')}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="logo-file-input"
              onChange={(e) => {
                take(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {file ? (
              <p className="muted" role="status">
                Nouveau logo : {file.name} (enregistré avec « Enregistrer »)
              </p>
            ) : null}
          </>
        )}
      </div>
      {problem ? (
        <div className="field-error" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
