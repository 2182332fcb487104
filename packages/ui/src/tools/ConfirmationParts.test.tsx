import { type ToolCallView, useHumanInTheLoop } from "@tandem/react";
import { fireEvent, screen, within } from "@testing-library/react";
import { type ComponentPropsWithoutRef, createRef, forwardRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { awaitInput, createClient, dispatch, renderWith, runStarted, say, toolCall } from "../test/harness.js";
import {
  Confirmation,
  ConfirmationApprove,
  ConfirmationArgs,
  ConfirmationDescription,
  type ConfirmationProps,
  ConfirmationReason,
  ConfirmationReject,
  ConfirmationTitle,
} from "./Confirmation.js";

const AppButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<"button">>(function AppButton(props, ref) {
  return <button ref={ref} {...props} className={`app-button ${props.className ?? ""}`} />;
});

function Tools() {
  useHumanInTheLoop({ name: "delete_file", description: "Deletes a file" });
  return null;
}

/** A chat whose confirmations are the app's own composition of the parts. */
function setup(Custom: (props: ConfirmationProps) => React.ReactNode) {
  const client = createClient();
  const respond = vi.spyOn(client, "respond").mockImplementation(() => {});
  renderWith(
    client,
    <>
      <Tools />
      <Chat components={{ Confirmation: Custom }} />
    </>,
  );
  dispatch(client, runStarted(), say("a", "Deleting."), toolCall("c1", "delete_file", { path: "/tmp/a" }, "a"));
  awaitInput(client, "c1");
  return { client, respond };
}

describe("Confirmation parts", () => {
  it("puts Approve and Reject on the app's own buttons (asChild); Approve still takes focus and Escape still rejects", () => {
    const approveRef = createRef<HTMLButtonElement>();
    const { respond } = setup(({ call }) => (
      <Confirmation call={call} className="mine">
        <ConfirmationTitle />
        <ConfirmationReject asChild>
          <AppButton>No</AppButton>
        </ConfirmationReject>
        <ConfirmationApprove asChild ref={approveRef}>
          <AppButton>Yes, delete</AppButton>
        </ConfirmationApprove>
      </Confirmation>
    ));
    const group = screen.getByRole("group", { name: "Allow the agent to run delete_file?" });
    expect(group.classList.contains("mine")).toBe(true);
    expect(group.dataset.state).toBe("pending");
    const yes = within(group).getByRole("button", { name: "Yes, delete" });
    expect(approveRef.current).toBe(yes);
    expect(document.activeElement).toBe(yes);
    expect([...yes.classList]).toEqual(expect.arrayContaining(["app-button", "tandem-button", "tandem-button--primary"]));
    expect(within(group).queryByRole("button", { name: "Approve" })).toBeNull();
    fireEvent.keyDown(yes, { key: "Escape" });
    expect(respond).toHaveBeenCalledExactlyOnceWith("c1", { approved: false });
    expect(group.dataset.state).toBe("answered");
    expect(group.getAttribute("data-answered")).toBe("");
    expect((within(group).getByRole("button", { name: "No" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(group).getByRole("button", { name: "No" }).getAttribute("data-disabled")).toBe("");
  });

  it("composes title, description, arguments and reason from the parts, and describes the group by the description", () => {
    const { respond } = setup(({ call }) => (
      <Confirmation call={call}>
        <ConfirmationTitle>Delete it?</ConfirmationTitle>
        <ConfirmationDescription />
        <ConfirmationArgs data-part="args" />
        <ConfirmationReason />
        <ConfirmationReject />
      </Confirmation>
    ));
    const group = screen.getByRole("group", { name: "Allow the agent to run delete_file?" });
    expect(within(group).getByText("Delete it?")).toBeTruthy();
    expect(document.getElementById(group.getAttribute("aria-describedby")!)!.textContent).toBe("Deletes a file");
    expect(
      within(group)
        .getByText(/"path": "\/tmp\/a"/)
        .closest("[data-part]"),
    ).toBeTruthy();
    fireEvent.change(within(group).getByRole("textbox", { name: "Reason (optional)" }), { target: { value: "keep" } });
    fireEvent.click(within(group).getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenCalledWith("c1", { approved: false, reason: "keep" });
  });

  it("is not described by a description it does not show", () => {
    setup(({ call }) => (
      <Confirmation call={call}>
        <ConfirmationTitle />
        <ConfirmationApprove />
      </Confirmation>
    ));
    expect(screen.getByRole("group", { name: "Allow the agent to run delete_file?" }).hasAttribute("aria-describedby")).toBe(false);
  });

  it("runs the app's handlers first: preventDefault keeps Approve from approving and Escape from rejecting", () => {
    const { respond } = setup(({ call }) => (
      <Confirmation call={call} onKeyDown={(event) => event.key === "Escape" && event.preventDefault()}>
        <ConfirmationApprove onClick={(event) => event.preventDefault()} />
        <ConfirmationReject />
      </Confirmation>
    ));
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "Approve" }), { key: "Escape" });
    expect(respond).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(respond).toHaveBeenCalledExactlyOnceWith("c1", { approved: false });
  });

  it("forwards a ref to its group and spreads the app's props on it", () => {
    const ref = createRef<HTMLFieldSetElement>();
    setup(({ call }: { call: ToolCallView }) => <Confirmation call={call} ref={ref} data-kind="danger" />);
    const group = screen.getByRole("group", { name: "Allow the agent to run delete_file?" });
    expect(ref.current).toBe(group);
    expect(group.dataset.kind).toBe("danger");
    expect(within(group).getByRole("button", { name: "Approve" })).toBe(document.activeElement);
  });
});
