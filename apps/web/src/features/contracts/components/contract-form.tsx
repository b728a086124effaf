import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ApiError, type ContractDetail } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useCreateContract, useUpdateContract } from '../api/contracts-api';
import { CONTRACT_WEB_PATHS } from '../contracts-paths';
import {
  isDirty,
  nextYearOf,
  pricingFor,
  validateContractForm,
  volumeRowsFor,
  type ContractFormValues,
  type FieldErrors,
} from '../derive/contract-form';
import { errorCodeOf, refusalText } from '../derive/refusal';
import {
  ClickRuleFields,
  GeneralFields,
  PricingFields,
  Section,
  SettingsFields,
} from './contract-fields';
import { LeaveGuard } from './leave-guard';
import { VolumeGrid } from './volume-grid';

/**
 * managecontract's form for a new contract (base null) or one contract on the revision read. A
 * save that meets a newer revision keeps what was typed and offers the newest to start from.
 */
export function ContractForm({
  base,
  initial,
  editable,
  onReload,
}: {
  base: ContractDetail | null;
  initial: ContractFormValues;
  editable: boolean;
  /** Loads the newest revision (after VERSION_CONFLICT); the form then starts from it. */
  onReload: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const create = useCreateContract();
  const update = useUpdateContract(base?.id ?? 0);
  // A new contract, once saved, is opened by its id; after the render that holds it as saved,
  // so the guard has nothing to ask about.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const dirty = editable && createdId === null && isDirty(values, saved);
  useEffect(() => {
    if (createdId !== null) {
      void navigate(CONTRACT_WEB_PATHS.edit(createdId), { state: { created: true } });
    }
  }, [createdId, navigate]);

  const change = (patch: Partial<ContractFormValues>) => {
    setJustSaved(false);
    setValues((current) => ({ ...current, ...patch }));
  };
  const errorOf = (path: string) => {
    const code = errors[path];
    if (code === undefined) return undefined;
    return t(code === 'invalid' ? 'error.validationFailed' : errorMessageKey(code));
  };

  /** leaving: asked by the guard, which then goes on to where the user was going. */
  async function save(leaving = false): Promise<boolean> {
    setFailure(null);
    setConflict(false);
    const checked = validateContractForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(t('contracts.form.fixErrors'));
      return false;
    }
    setErrors({});
    try {
      if (base === null) {
        const created = await create.mutateAsync(checked.input);
        setSaved(values);
        if (!leaving) setCreatedId(created.id);
      } else {
        await update.mutateAsync({ version: base.version, contract: checked.input });
        setSaved(values);
        setJustSaved(true);
      }
      return true;
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'VERSION_CONFLICT') setConflict(true);
      else setFailure(refusalText(t, code, error instanceof ApiError ? error.body : undefined));
      return false;
    }
  }

  const hasClicks = base?.hasClicks ?? false;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="contract-form"
    >
      <Stack gap="md">
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Section title={t('contracts.section.general')}>
              <GeneralFields
                values={values}
                errorOf={errorOf}
                onChange={change}
                onCommodity={(commodity) =>
                  change({
                    commodity,
                    volumes: [...new Set(values.volumes.map((v) => v.yearOfSupply))].flatMap(
                      (year) => volumeRowsFor(commodity, year),
                    ),
                    pricing: pricingFor(commodity),
                  })
                }
                hasClicks={hasClicks}
                customerName={base?.customerName ?? null}
              />
            </Section>
            <Section title={t('contracts.section.volumes')}>
              <VolumeGrid
                values={values}
                clicked={base?.volumes ?? []}
                clickYears={base?.clickYears ?? []}
                errorOf={errorOf}
                onChange={(index, row) =>
                  change({ volumes: values.volumes.map((v, i) => (i === index ? row : v)) })
                }
                onAddYear={() =>
                  change({
                    volumes: [
                      ...values.volumes,
                      ...volumeRowsFor(values.commodity, nextYearOf(values, new Date())),
                    ],
                  })
                }
                onRemoveYear={(year) =>
                  change({ volumes: values.volumes.filter((v) => v.yearOfSupply !== year) })
                }
              />
            </Section>
            <Section title={t('contracts.section.pricing')}>
              <PricingFields values={values} errorOf={errorOf} onChange={change} />
            </Section>
            <Section title={t('contracts.section.clicking')}>
              <ClickRuleFields values={values} errorOf={errorOf} onChange={change} />
            </Section>
            <Section title={t('contracts.section.settings')}>
              <SettingsFields values={values} onChange={change} />
            </Section>
          </Stack>
        </fieldset>
        {failure && (
          <Alert color="red" role="alert" data-testid="contract-failure">
            {failure}
          </Alert>
        )}
        {conflict && (
          <Alert color="orange" role="alert" data-testid="version-conflict">
            <Stack gap="xs" align="flex-start">
              {t('contracts.form.conflict')}
              <Button size="xs" onClick={onReload} data-testid="reload-newest">
                {t('contracts.form.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {justSaved && (
          <Alert color="teal" role="status" data-testid="contract-saved">
            {t('contracts.form.saved')}
          </Alert>
        )}
        {editable && (
          <Group>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              data-testid="save-contract"
            >
              {t('contracts.form.save')}
            </Button>
          </Group>
        )}
        <LeaveGuard dirty={dirty} onSave={() => save(true)} />
      </Stack>
    </form>
  );
}
