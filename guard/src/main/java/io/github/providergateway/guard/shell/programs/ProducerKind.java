package io.github.providergateway.guard.shell.programs;

/** What prints the text a program reads as code on its standard input. */
public enum ProducerKind {
  /** A network client: {@code curl}, {@code wget}, … (read by the remote rules). */
  NETWORK,
  /** A decoder: {@code base64}, {@code gunzip}, … (read by the remote rules). */
  DECODER,
  /** A file's contents, as {@code sh file} runs it. */
  FILE,
  /** A program whose output the guard cannot know. */
  UNKNOWN
}
