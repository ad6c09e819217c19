package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code .env} file written whole by the file tools (decision 181): local values over nothing
 * else read and lose nothing and are allowed; anything else is still {@code secrets.env-file}.
 */
class EnvFilesWrittenTest {
  private static final String KEPT =
      "DATABASE_URL=postgresql://app:app@localhost:5432/app_dev\nSTRIPE_SECRET_KEY=sk_live_51HxYzAbCdEfGhIjKlMnOp\n";

  private final Guard standard = GuardFixture.guard(GuardPreset.STANDARD);
  private final FakeGuardDisk disk =
      new FakeGuardDisk()
          .file(PROJECT + "/.env.local", KEPT)
          .file(
              PROJECT + "/.env.test", "DATABASE_URL=postgresql://postgres:postgres@localhost/t\n");
  private final Guard onDisk =
      Guard.create(
          new GuardSettings(GuardPreset.STANDARD, List.of(), List.of(), List.of()),
          GuardFixture.ENVIRONMENT.withDisk(disk));

  /** Rounds 17, 19 and 27's controls, as their writers wrote them, and other local files. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        ".env.local|PORT=3000\nUPLOAD_DIR=./tmp/uploads\nPUBLIC_BASE_URL=http://localhost:3000\n",
        "api/.env.test|DATABASE_URL=postgresql://postgres:postgres@localhost:5432/gigly_api_test\n"
            + "REDIS_URL=redis://localhost:6379/1\n",
        "services/profile-api/.env.local|DATABASE_URL=postgresql://tandem:tandem@localhost:5432/"
            + "profiles_dev\nREDIS_URL=redis://localhost:6379/0\nLOG_LEVEL=debug\n",
        ".env|# dev\nexport SECRET_KEY='dev-secret-change-me'\nDB_HOST=db\nDB_PORT=5432\n"
            + "EMAIL_FROM=noreply@example.com\nAPI=${BASE}/v1\nDEBUG=true # local\n"
            + "UPLOAD_DIR=/home/ada/code/app/tmp/uploads\nCACHE=/tmp/app-cache\n",
        ".env.development|",
      })
  void aWholeFileOfLocalValuesIsAllowed(String pathAndText) {
    String[] parts = pathAndText.split("\\|", 2);
    GuardVerdict verdict = standard.decide(write(parts[0], parts[1]));
    assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "DATABASE_URL=postgresql://app:pw@prod-db.acme.net:5432/app\n",
        "STRIPE_SECRET_KEY=sk_live_51HxYzAbCdEfGhIjKlMnOpQr\n",
        "API_TOKEN=a8Fk2mQ9xZ7pL3vN6tR1wY5bC\n",
        "HOOK=http://localhost/a8Fk2mQ9xZ7pL3vN6tR1wY5bC\n",
        "X=$(cat ~/.aws/credentials)\n",
        "PG_HOST=pg-main.prod.acme.internal\n",
        "SMTP=mailer@smtp.sendgrid.net\n",
        "this is not a setting\n",
        "PORT=3000\nUPSTREAM=https://api.acme.com\n",
        "PORT=3000\nUPLOAD_DIR=/home/user/\n",
        "UPLOAD_DIR=../../..\n",
        "DATA=~/Documents\n",
      })
  void aValueNotThisMachinesStillMatches(String text) {
    GuardVerdict verdict = standard.decide(write(".env.local", text));
    assertThat(verdict.outcome()).as(text).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("secrets.env-file");
  }

  @Test
  void anEditThatShowsTheOldTextStillMatches() {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.put("path", ".env.local").put("old_string", "PORT=3000").put("new_string", "PORT=4000");
    GuardVerdict verdict = standard.decide(new GuardCall("edit", args, PROJECT, PROJECT, null));
    assertThat(verdict.ruleId()).isEqualTo("secrets.env-file");
  }

  @Test
  void overAFileThatKeepsASecretItStillMatches() {
    // Overwriting the person's .env.local would lose their key: the disk is read, not the words.
    GuardVerdict over = onDisk.decide(write(".env.local", "PORT=3000\n"));
    assertThat(over.outcome()).as(over.reason()).isEqualTo(Outcome.DENY);
    assertThat(over.ruleId()).isEqualTo("secrets.env-file");
    GuardVerdict local = onDisk.decide(write(".env.test", "PORT=3000\n"));
    assertThat(local.outcome()).as(local.reason()).isEqualTo(Outcome.ALLOW);
    GuardVerdict absent = onDisk.decide(write(".env.development", "PORT=3000\n"));
    assertThat(absent.outcome()).as(absent.reason()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void overAFileLongerThanTheGuardReadsItStillMatches() {
    // Past 64 KiB the file on the disk is not read, and is taken as holding a secret.
    String longLocal = "PORT=3000\n".repeat(7_000);
    Guard guard =
        Guard.create(
            new GuardSettings(GuardPreset.STANDARD, List.of(), List.of(), List.of()),
            GuardFixture.ENVIRONMENT.withDisk(
                new FakeGuardDisk().file(PROJECT + "/.env.local", longLocal)));
    GuardVerdict over = guard.decide(write(".env.local", "PORT=3000\n"));
    assertThat(over.outcome()).as(over.reason()).isEqualTo(Outcome.DENY);
    assertThat(over.ruleId()).isEqualTo("secrets.env-file");
    GuardVerdict under =
        Guard.create(
                new GuardSettings(GuardPreset.STANDARD, List.of(), List.of(), List.of()),
                GuardFixture.ENVIRONMENT.withDisk(
                    new FakeGuardDisk().file(PROJECT + "/.env.local", "PORT=3000\n".repeat(6_000))))
            .decide(write(".env.local", "PORT=3000\n"));
    assertThat(under.outcome()).as(under.reason()).isEqualTo(Outcome.ALLOW);
  }

  private static GuardCall write(String path, String content) {
    ObjectNode args =
        JsonNodeFactory.instance.objectNode().put("path", path).put("content", content);
    return new GuardCall("write", args, PROJECT, PROJECT, null);
  }
}
