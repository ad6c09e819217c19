package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 169: a task of the project's runner aimed at production asks, by whatever word names
 * production; a task that builds, checks or reads, a print-only run, a dry variable and another
 * place stay allowed.
 */
class RunnerAtProductionTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "make -C ops close-season LEAGUE=east ENV=prod",
        "gmake --directory=ops close-season ENV=production",
        "make -f ops/Makefile settle HOST=ledger-prod-1.acme.internal",
        "make db-backfill DATABASE_URL=$PROD_DATABASE_URL",
        "make promote-tariffs TARGET=prd CONFIRM=yes",
        "make jackpot-seed POOL=mega-drop ENV=gb-live",
        "ENV=prod make release-holds",
        "export STAGE=production; make reopen-claims",
        "cd envs/prod && make reconcile-ledger",
        "just settle-batch production",
        "just --set env prod settle-batch",
        "task release-orders ENV=live",
        "go-task release-orders ENV=prod",
        "rake 'orders:void_stale[30]' RAILS_ENV=production",
        "bundle exec rake 'orders:void_stale[30]' RAILS_ENV=production",
        "npm run deploy:prod",
        "npm --prefix web run publish-rates -- --env=production",
        "pnpm run sync-prices -- --env production",
        "yarn deploy:prod",
        "bun run push-config -- production",
        "deno task reprice --env prod",
        "make deploy-production"
      })
  void asksForATaskAimedAtProduction(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    // Asked by this rule, or by one that reads the runner's words already (gmake, go-task).
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "make build ENV=prod",
        "make docker-build TAG=prod",
        "make plan ENV=prod",
        "make diff ENV=production",
        "make test ENV=production",
        "make lint check ENV=prod",
        "make -n close-season ENV=prod",
        "make --dry-run close-season ENV=prod",
        "make close-season ENV=prod DRY_RUN=1",
        "make close-season ENV=prod APPLY=false",
        "make close-season ENV=staging",
        // make close-season, aimed nowhere, is shapes.project-tool-acts's (round 61)
        "make season-report",
        "make reindex ES_HOST=localhost",
        "make status ENV=prod",
        "make logs ENV=production",
        "just --list",
        "just --show deploy",
        "rake -T RAILS_ENV=production",
        "npm run build:prod",
        "npm run start:prod",
        "npm run test -- --env production",
        "npm run deploy:staging",
        "yarn add prod-logger",
        "yarn install --production",
        "npm install --production",
        "pnpm install --prod",
        "make PROFILE=release",
        "task --list ENV=prod"
      })
  void leavesBuildsChecksReadsAndOtherPlaces(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
