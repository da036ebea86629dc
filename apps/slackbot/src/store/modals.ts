// Who opened each modal, for what, from where. A view submission (or a button inside a modal) carries its
// `private_metadata` and view id from the client, which a forged payload can set to anything: the app keeps
// its own record of every modal it opened and compares the submission with it.

export interface ModalGrant {
  /** Slack's view id, returned by views.open. */
  viewId: string;
  /** The user the modal was opened for: the only one who may submit it. */
  opener: string;
  /** The channel (and thread) the modal acts on, checked when it was opened. */
  channel: string;
  threadTs: string | null;
  /** The view's callback_id and private_metadata as the app last set them (views.open or views.update). */
  callbackId: string;
  subject: string;
  createdAt: number;
}

export interface ModalStore {
  /** Records a modal the app opened (or replaces the record of a view id seen before). */
  saveModalGrant(grant: ModalGrant): Promise<void>;
  /** The app changed a modal's content: its callback and metadata are now these. */
  updateModalGrant(viewId: string, change: { callbackId: string; subject: string }): Promise<void>;
  modalGrant(viewId: string): Promise<ModalGrant | undefined>;
  /** Forgets modals opened before `before` (Slack closes a view that is not used for long). */
  pruneModalGrants(before: number): Promise<number>;
}
