package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * Secrets a CLI prints where no rule of the transcript stops them, read for the flow rules
 * (decision 208): a tool's credential or a stored secret saved to a file ({@code vault kv get
 * secret/app > /tmp/app.txt}, {@code gh auth token > /tmp/t}), which the {@code secrets.*} rules
 * leave since nothing reaches the transcript, and an app's configuration printed or pulled by its
 * hosting platform's CLI ({@code shopify app env show}, {@code heroku config}, {@code vercel env
 * pull}), shown or saved. Either is a secret the session read, as {@code cat .env} is, and a file
 * the call saves it to holds it ({@link HeldSecrets}): sending that file later (a gist, an issue's
 * body) is answered as sending the secret. A secret captured into a variable or fed to a program
 * that uses it ({@code aws ecr get-login-password | docker login --password-stdin}) is used, not
 * read.
 */
final class QuietSecretReads {
  private QuietSecretReads() {}

  /**
   * Reads one program of a shell call.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where the secret read goes (the first one found stays)
   */
  static void read(Scan scan, Step step, FlowReading.Found found) {
    if (found.secret() != null) {
      return;
    }
    String program = step.program();
    List<String> args = step.invocation().args();
    boolean saved = Output.savedToFile(step);
    if (saved
        && (step.is(ProgramKind.TOKEN_TOOL) || program.startsWith("docker-credential-"))
        && (CliSecretPrinters.printsCliToken(program, args)
            || CliSecretPrinters.printsStoredSecret(program, args))) {
      found.secret(step.shown() + " (a secret saved to a file)");
    } else if (CliSecretPrinters.printsAppSecrets(program, args)
        && (saved || Output.shown(scan, scan.steps().indexOf(step)))) {
      found.secret(step.shown() + " (an app's secrets, from its platform's CLI)");
    }
  }
}
