package io.github.providergateway.app.guard;

import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.Counted;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code gateway policy keygen|sign|verify}: the team's side of the signed organisation policy
 * (issue 66, docs/team.md "The signed policy"): make the Ed25519 key pair, sign a policy file, and
 * check a signed one as every gateway will before publishing it.
 */
@Command(
    name = "policy",
    subcommands = {
      PolicyCommand.Keygen.class,
      PolicyCommand.Sign.class,
      PolicyCommand.Verify.class
    },
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "The signed organisation policy's tools for the team that publishes it (docs/team.md):"
          + " 'gateway policy keygen --out KEY' makes the key pair, 'gateway policy sign FILE --key"
          + " KEY' writes FILE.sig, 'gateway policy verify FILE --key KEY.pub' checks the"
          + " signature and the policy as a gateway would.",
      ""
    })
public final class PolicyCommand implements Callable<Integer> {

  /** {@code verify}: the policy would be refused; the reason is on standard error. */
  static final int EXIT_REFUSED = 1;

  private final CommandContext context;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Mixin private HelpOption help;

  PolicyCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context.err());
    return ExitCodes.USAGE;
  }

  /** {@code gateway policy keygen --out KEY}. */
  @Command(
      name = "keygen",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Makes an Ed25519 key pair: KEY (the private key, created readable by its owner only) and"
            + " KEY.pub (the public key, for the system settings' policy.publicKey). Neither is"
            + " ever replaced.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:written", "1:a file is there already, or cannot be written", "2:usage"})
  static final class Keygen implements Callable<Integer> {
    @ParentCommand private PolicyCommand parent;

    @Option(names = "--out", required = true, paramLabel = "KEY", description = "The key file.")
    private Path out;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      PrintStream err = parent.context.err();
      try {
        PolicyKeys.generate(out);
      } catch (FileAlreadyExistsException e) {
        err.println("gateway policy keygen: " + e.getFile() + " is there already; no key replaced");
        return EXIT_REFUSED;
      } catch (IOException e) {
        err.println("gateway policy keygen: cannot write " + out + " (" + e.getMessage() + ")");
        return EXIT_REFUSED;
      }
      parent
          .context
          .stdout()
          .println(
              "wrote "
                  + out
                  + " (private: keep it off laptops) and "
                  + PolicyKeys.publicFileOf(out)
                  + " (public: policy.publicKey)");
      return ExitCodes.OK;
    }
  }

  /** {@code gateway policy sign FILE --key KEY}. */
  @Command(
      name = "sign",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Signs FILE's exact bytes with the private key KEY and writes FILE.sig (the base64 of the"
            + " Ed25519 signature). It checks first that FILE is a policy a gateway would take.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:signed",
        "1:FILE is no policy, or a file cannot be read or written",
        "2:usage"
      })
  static final class Sign implements Callable<Integer> {
    @ParentCommand private PolicyCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "The policy.")
    private Path file;

    @Option(names = "--key", required = true, paramLabel = "KEY", description = "Private key.")
    private Path key;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      PrintStream err = parent.context.err();
      try {
        byte[] bytes = Files.readAllBytes(file);
        PolicyDocument policy = PolicyDocument.parse(bytes);
        Path sig = PolicyKeys.signatureFileOf(file);
        Files.writeString(sig, PolicyKeys.sign(bytes, key) + "\n");
        parent
            .context
            .stdout()
            .println(
                "wrote "
                    + sig
                    + " for version "
                    + policy.version()
                    + ", expires "
                    + policy.expires());
        return ExitCodes.OK;
      } catch (PolicyDocument.NotAPolicyException | PolicyKeys.BadKeyException e) {
        err.println("gateway policy sign: " + file + ": " + e.getMessage());
      } catch (NoSuchFileException e) {
        err.println("gateway policy sign: no file " + e.getFile());
      } catch (IOException e) {
        err.println("gateway policy sign: " + e.getMessage());
      }
      return EXIT_REFUSED;
    }
  }

  /** {@code gateway policy verify FILE --key KEY.pub}. */
  @Command(
      name = "verify",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Checks FILE as every gateway will: FILE.sig is the signature of its exact bytes by the"
            + " public key KEY.pub, and FILE is a policy (its version and expiry are printed)."
            + " An expired policy is refused.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:good",
        "1:refused: no .sig, a bad signature, not a policy, expired",
        "2:usage"
      })
  static final class Verify implements Callable<Integer> {
    @ParentCommand private PolicyCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "The policy.")
    private Path file;

    @Option(names = "--key", required = true, paramLabel = "KEY.pub", description = "Public key.")
    private Path key;

    @Mixin private HelpOption help;

    @Override
    public Integer call() {
      PrintStream err = parent.context.err();
      Path sig = PolicyKeys.signatureFileOf(file);
      try {
        PublicKey publicKey = PolicyKeys.readPublicKey(key);
        byte[] bytes = Files.readAllBytes(file);
        if (!Files.isRegularFile(sig)) {
          err.println("gateway policy verify: refused: no signature " + sig);
          return EXIT_REFUSED;
        }
        if (!PolicyKeys.verify(bytes, PolicyKeys.readSmall(sig), publicKey)) {
          err.println(
              "gateway policy verify: refused: bad signature: "
                  + sig
                  + " is not "
                  + key
                  + "'s signature of "
                  + file
                  + "'s bytes");
          return EXIT_REFUSED;
        }
        PolicyDocument policy = PolicyDocument.parse(bytes);
        // The team's clock is the wall clock: this is a person's tool, not the gateway's loop.
        if (policy.expiredAt(java.time.Clock.systemUTC().instant())) {
          err.println(
              "gateway policy verify: refused: version "
                  + policy.version()
                  + " expired at "
                  + policy.expires());
          return EXIT_REFUSED;
        }
        parent
            .context
            .stdout()
            .println(
                "good: version "
                    + policy.version()
                    + ", expires "
                    + policy.expires()
                    + ", preset "
                    + policy.guard().preset().wireName()
                    + ", "
                    + Counted.of(policy.guard().rules().size(), "rule")
                    + ", "
                    + Counted.of(policy.guard().allow().size(), "allow entry", "allow entries"));
        return ExitCodes.OK;
      } catch (PolicyKeys.BadKeyException e) {
        err.println("gateway policy verify: refused: " + e.getMessage());
      } catch (PolicyDocument.NotAPolicyException e) {
        err.println("gateway policy verify: refused: " + file + ": " + e.getMessage());
      } catch (NoSuchFileException e) {
        err.println("gateway policy verify: no file " + e.getFile());
      } catch (IOException e) {
        err.println("gateway policy verify: " + e.getMessage());
      }
      return EXIT_REFUSED;
    }
  }
}
