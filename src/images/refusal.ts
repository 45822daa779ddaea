/** An image that could not be held: its address, and why, in words for the log. */
export interface ImageRefusal {
  address: string;
  reason: string;
}

/** One refusal as the log and the commands write it: `image ADDRESS was not held: REASON`. */
export const describeRefusal = ({ address, reason }: ImageRefusal) =>
  `image ${address} was not held: ${reason}`;
