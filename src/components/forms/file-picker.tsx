import IconUpload from '~icons/lucide/upload';
import { Enhance } from '../islands/enhance';

// A file input that speaks the page's language: the native control (its "Choose File" is the browser's,
// in the browser's language) is transparent and laid over a styled button, so clicking, the keyboard,
// the field's <label> and plain form posts all still reach the real input.
export function FilePicker({
  id,
  name,
  accept,
  button,
  none,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  accept: string;
  button: string;
  none: string;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  return (
    <div className="file-pick">
      <span className="file-pick-control">
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="file-pick-input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <span className="btn btn-outline-primary btn-sm file-pick-button" aria-hidden="true">
          <IconUpload aria-hidden /> {button}
        </span>
      </span>
      {/* The chosen file's name, once JavaScript runs (its own small chunk). */}
      <Enhance kind="file-name" props={{ inputId: id, none }}>
        {null}
      </Enhance>
    </div>
  );
}
