import { type KeyboardEvent, type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { asText, safeUrl } from "./binding.js";
import type { A2uiCatalog, A2uiComponentProps } from "./catalog.js";
import { ICONS } from "./icons.js";
import { TopHeading } from "./SurfaceView.js";

// The A2UI v0.9 basic catalog (https://a2ui.org/specification/v0_9/basic_catalog.json), drawn
// with the kit's classes and CSS variables. Variants and layout choices map to class names from
// fixed lists; nothing the agent sends becomes HTML, a style or an event handler. Property names
// of the older drafts that @ag-ui/a2ui-middleware's prompt still teaches (tabItems, entryPointChild,
// text, checked, selections, minValue ...) are read too.

type Props = A2uiComponentProps;

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const first = (c: Props["component"], ...names: string[]) => c[names.find((n) => c[n] !== undefined) ?? names[0]!];

const JUSTIFY = ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"] as const;
const ALIGN = ["start", "center", "end", "stretch"] as const;

function Text({ component, read }: Props) {
  const top = useContext(TopHeading);
  const text = asText(read(component.text));
  const variant = pick(component.variant, ["h1", "h2", "h3", "h4", "h5", "caption", "body"], "body");
  const className = `tandem-a2ui__text tandem-a2ui__text--${variant}`;
  if (variant.startsWith("h")) {
    // The surface's top heading is an h2, under the page's h1; the others keep their distance to it.
    const Heading = `h${Math.min(6, Number(variant[1]) - top + 2)}` as "h2";
    return <Heading className={className}>{text}</Heading>;
  }
  return <p className={className}>{text}</p>;
}

function Image({ component, read }: Props) {
  const url = safeUrl(read(component.url));
  const description = asText(read(component.description));
  const fit = pick(component.fit, ["contain", "cover", "fill", "none", "scaleDown"], "contain");
  const variant = pick(component.variant, ["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"], "mediumFeature");
  if (!url) return <span className="tandem-a2ui__blocked">{description || "Image"} (not shown: only http(s) images are)</span>;
  return (
    <img
      src={url}
      alt={description}
      referrerPolicy="no-referrer"
      loading="lazy"
      className={`tandem-a2ui__image tandem-a2ui__image--${variant} tandem-a2ui__fit--${fit}`}
    />
  );
}

function Icon({ component, read }: Props) {
  const name = asText(read(component.name));
  return (
    <span role="img" aria-label={name} className="tandem-a2ui__icon">
      {Object.hasOwn(ICONS, name) ? ICONS[name] : name}
    </span>
  );
}

function flexClass(kind: string, component: Props["component"]) {
  const justify = pick(component.justify, JUSTIFY, "start");
  const align = pick(component.align, ALIGN, kind === "row" ? "center" : "stretch");
  return `tandem-a2ui__${kind} tandem-a2ui__justify--${justify} tandem-a2ui__align--${align}`;
}

function Media({ component, read, kind }: Props & { kind: "video" | "audio" }) {
  const url = safeUrl(read(component.url));
  const description = asText(read(component.description));
  if (!url) return <span className="tandem-a2ui__blocked">{description || kind} (not shown: only http(s) media are)</span>;
  const Tag = kind;
  return <Tag src={url} controls preload="metadata" aria-label={description || kind} className="tandem-a2ui__media" />;
}

const Video = (props: Props) => <Media {...props} kind="video" />;
const AudioPlayer = (props: Props) => <Media {...props} kind="audio" />;

function Row({ component, children }: Props) {
  return <div className={flexClass("row", component)}>{children(component.children)}</div>;
}

function Column({ component, children }: Props) {
  return <div className={flexClass("column", component)}>{children(component.children)}</div>;
}

function List({ component, children }: Props) {
  const direction = pick(component.direction, ["vertical", "horizontal"], "vertical");
  return (
    <ul className={`tandem-a2ui__list tandem-a2ui__list--${direction} ${flexClass("flex", component)}`}>
      {children(component.children).map((child, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the children are drawn in the agent's order, by position.
        <li key={i}>{child}</li>
      ))}
    </ul>
  );
}

function Card({ component, child }: Props) {
  return <div className="tandem-a2ui__card">{child(component.child)}</div>;
}

function Divider({ component }: Props) {
  const axis = pick(component.axis, ["horizontal", "vertical"], "horizontal");
  return <hr aria-orientation={axis} className={`tandem-a2ui__divider tandem-a2ui__divider--${axis}`} />;
}

function Tabs({ component, read, child }: Props) {
  const list = first(component, "tabs", "tabItems");
  const tabs = Array.isArray(list) ? list.filter((t): t is Record<string, unknown> => typeof t === "object" && t !== null) : [];
  const [active, setActive] = useState(0);
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, Math.max(0, tabs.length - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const next = event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : (current + step + tabs.length) % tabs.length;
    if (step === 0 && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="tandem-a2ui__tabs">
      <div role="tablist" className="tandem-a2ui__tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: tabs are identified by position.
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${id}-panel`}
            tabIndex={i === current ? 0 : -1}
            className="tandem-a2ui__tab"
            onClick={() => setActive(i)}
          >
            {asText(read(tab.title))}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} className="tandem-a2ui__tabpanel">
        {tabs[current] ? child(tabs[current].child) : null}
      </div>
    </div>
  );
}

function Modal({ component, child }: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const show = (event: { target: EventTarget }) => {
    opener.current = event.target instanceof HTMLElement ? event.target : null;
    setOpen(true);
  };
  return (
    <div className="tandem-a2ui__modal-host">
      {/* The trigger is the agent's own component (often a Button): a click or Enter on it opens the dialog. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the trigger inside is the control; keyboard presses on it arrive as clicks. */}
      <span className="tandem-a2ui__modal-trigger" onClick={show}>
        {child(first(component, "trigger", "entryPointChild"))}
      </span>
      {open && (
        // Drawn inside the surface's box (never over the page): the surface stays contained.
        <div
          ref={dialog}
          role="dialog"
          aria-label="Details"
          tabIndex={-1}
          className="tandem-a2ui__modal"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        >
          {child(first(component, "content", "contentChild"))}
          <button type="button" className="tandem-a2ui__button" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

function Button({ component, child, act }: Props) {
  const variant = pick(component.variant, ["default", "primary", "borderless", "secondary", "text"], "default");
  return (
    <button type="button" className={`tandem-a2ui__button tandem-a2ui__button--${variant}`} onClick={() => act(component.action)}>
      {child(component.child)}
    </button>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="tandem-a2ui__field">
      <label htmlFor={id} className="tandem-a2ui__label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function TextField({ component, read, write }: Props) {
  const bound = first(component, "value", "text");
  const value = asText(read(bound));
  const variant = pick(first(component, "variant", "textFieldType"), ["shortText", "longText", "number", "obscured", "date"], "shortText");
  const onChange = (next: string) =>
    write(bound, variant === "number" && next !== "" && Number.isFinite(Number(next)) ? Number(next) : next);
  return (
    <Field label={asText(read(component.label))}>
      {(id) =>
        variant === "longText" ? (
          <textarea id={id} className="tandem-a2ui__input" value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            id={id}
            className="tandem-a2ui__input"
            type={variant === "number" ? "number" : variant === "obscured" ? "password" : variant === "date" ? "date" : "text"}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}

function CheckBox({ component, read, write }: Props) {
  const bound = first(component, "value", "checked");
  return (
    <label className="tandem-a2ui__check">
      <input type="checkbox" checked={read(bound) === true} onChange={(e) => write(bound, e.target.checked)} />
      {asText(read(component.label))}
    </label>
  );
}

function ChoicePicker({ component, read, write }: Props) {
  const bound = first(component, "value", "selections");
  const raw = read(bound);
  const selected = Array.isArray(raw) ? raw.map(asText) : typeof raw === "string" ? [raw] : [];
  const single = component.variant === "mutuallyExclusive" || component.maxAllowedSelections === 1;
  const options = Array.isArray(component.options)
    ? component.options.filter((o): o is Record<string, unknown> => typeof o === "object" && o !== null)
    : [];
  const name = useId();
  const label = asText(read(component.label));
  const toggle = (value: string, on: boolean) =>
    write(bound, single ? [value] : on ? [...selected.filter((v) => v !== value), value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="tandem-a2ui__choices">
      {label && <legend className="tandem-a2ui__label">{label}</legend>}
      {options.map((option, i) => {
        const value = asText(option.value);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position (values may repeat).
          <label key={i} className="tandem-a2ui__check">
            <input
              type={single ? "radio" : "checkbox"}
              name={name}
              checked={selected.includes(value)}
              onChange={(e) => toggle(value, e.target.checked)}
            />
            {asText(read(option.label))}
          </label>
        );
      })}
    </fieldset>
  );
}

function Slider({ component, read, write }: Props) {
  const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
  const min = num(read(first(component, "min", "minValue")), 0);
  const max = num(read(first(component, "max", "maxValue")), 100);
  const value = num(read(component.value), min);
  return (
    <Field label={asText(read(component.label)) || "Value"}>
      {(id) => (
        <span className="tandem-a2ui__slider">
          <input id={id} type="range" min={min} max={max} value={value} onChange={(e) => write(component.value, Number(e.target.value))} />
          <output htmlFor={id}>{value}</output>
        </span>
      )}
    </Field>
  );
}

function DateTimeInput({ component, read, write }: Props) {
  const date = component.enableDate !== false;
  const time = component.enableTime === true;
  const type = date && time ? "datetime-local" : time ? "time" : "date";
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return (
    <Field label={asText(read(component.label)) || (time && !date ? "Time" : "Date")}>
      {(id) => (
        <input
          id={id}
          type={type}
          className="tandem-a2ui__input"
          value={asText(read(component.value))}
          min={text(read(component.min))}
          max={text(read(component.max))}
          onChange={(e) => write(component.value, e.target.value)}
        />
      )}
    </Field>
  );
}

/** The A2UI v0.9 basic catalog: Text, Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Divider, Modal, Button, CheckBox, TextField, DateTimeInput, ChoicePicker, Slider. */
export const basicCatalog: A2uiCatalog = {
  Text,
  Image,
  Icon,
  Video,
  AudioPlayer,
  Row,
  Column,
  List,
  Card,
  Tabs,
  Divider,
  Modal,
  Button,
  CheckBox,
  TextField,
  DateTimeInput,
  ChoicePicker,
  Slider,
};
