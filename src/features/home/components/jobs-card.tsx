import './mantine-styles'
import { Anchor, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { jobTitle } from '../../../data/processing/job-title'
import { JOB_STATUS_LABELS } from '../../../data/processing/status'
import { formatUtc } from '../../../lib/format'
import { useJobsUnderWay } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** Jobs under way, newest first. */
export function JobsCard() {
  const { jobs, title } = useJobsUnderWay()
  return (
    <Card id="home-jobs" title="Jobs under way" more={{ to: paths.jobs(), label: 'All jobs' }} query={jobs}>
      {(jobs.data?.jobs.length ?? 0) === 0 ? (
        <Empty>
          No job is running.{' '}
          <Anchor component={Link} to={paths.processing()} size="sm" underline="always">
            Run a process
          </Anchor>
        </Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {jobs.data?.jobs.map((j) => (
            <List.Item key={j.jobID}>
              {/* Underlined: beside the dimmed status, colour alone does not tell the link (axe, dark). */}
              <Anchor component={Link} to={paths.job(j.jobID)} size="sm" underline="always">
                {jobTitle(j) ?? title(j.processID)}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {JOB_STATUS_LABELS[j.status].toLowerCase()}, since {formatUtc(j.created)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}
